import { ProtoReader } from "./proto-reader.ts";

/** One output of a linear ONNX model: MatMul(features, W) → Add(B) → Softmax | Sigmoid. */
export interface LinearHead {
  output: string;
  activation: "softmax" | "sigmoid";
  /** Row-major [dim × width] float32 weights, exactly as stored in the ONNX initializer. */
  weights: Float32Array;
  bias: Float32Array;
  width: number;
}

export interface LinearModel {
  input: string;
  dim: number;
  heads: LinearHead[];
}

interface Tensor {
  dims: number[];
  data: Float32Array;
}
interface Node {
  op: string;
  inputs: string[];
  outputs: string[];
}

/**
 * Reads an ONNX file made of MatMul/Add/Softmax/Sigmoid chains (what `train:triage` exports)
 * into plain arrays. Anything else in the graph is rejected rather than silently ignored.
 *
 * @example
 * const model = readLinearModel(bytes); model.heads[0].output // "spam"
 */
export function readLinearModel(bytes: Uint8Array): LinearModel {
  const top = new ProtoReader(bytes);
  let graph: ProtoReader | undefined;
  while (!top.done()) {
    const [f, w] = top.tag();
    if (f === 7 && w === 2) graph = top.sub();
    else top.skip(w);
  }
  if (!graph) throw new Error("ONNX model has no graph");
  const nodes: Node[] = [];
  const inits = new Map<string, Tensor>();
  const inputs: string[] = [];
  const outputs: string[] = [];
  while (!graph.done()) {
    const [f, w] = graph.tag();
    if (f === 1 && w === 2) nodes.push(readNode(graph.sub()));
    else if (f === 5 && w === 2) {
      const [name, t] = readTensor(graph.sub());
      inits.set(name, t);
    } else if (f === 11 && w === 2) inputs.push(readValueInfoName(graph.sub()));
    else if (f === 12 && w === 2) outputs.push(readValueInfoName(graph.sub()));
    else graph.skip(w);
  }
  const input = inputs.find((n) => !inits.has(n));
  if (!input) throw new Error("ONNX model has no data input");
  const producers = new Map(nodes.flatMap((n) => n.outputs.map((o) => [o, n] as const)));
  const heads = outputs.map((out) => {
    const act = producers.get(out);
    if (!act || (act.op !== "Softmax" && act.op !== "Sigmoid"))
      throw new Error(`output ${out} is not Softmax/Sigmoid`);
    const add = producers.get(act.inputs[0]!);
    if (add?.op !== "Add") throw new Error(`output ${out} lacks Add`);
    const mm = producers.get(add.inputs[0]!);
    if (mm?.op !== "MatMul" || mm.inputs[0] !== input)
      throw new Error(`output ${out} lacks MatMul on ${input}`);
    const W = inits.get(mm.inputs[1]!);
    const B = inits.get(add.inputs[1]!);
    if (!W || !B || W.dims.length !== 2) throw new Error(`output ${out} weights missing`);
    return {
      output: out,
      activation: act.op === "Softmax" ? "softmax" : "sigmoid",
      weights: W.data,
      bias: B.data,
      width: W.dims[1]!,
    } satisfies LinearHead;
  });
  const first = heads[0];
  if (!first) throw new Error("ONNX model has no outputs");
  return { input, dim: first.weights.length / first.width, heads };
}

function readNode(r: ProtoReader): Node {
  const n: Node = { op: "", inputs: [], outputs: [] };
  while (!r.done()) {
    const [f, w] = r.tag();
    if (f === 1 && w === 2) n.inputs.push(r.string());
    else if (f === 2 && w === 2) n.outputs.push(r.string());
    else if (f === 4 && w === 2) n.op = r.string();
    else r.skip(w);
  }
  return n;
}

function readValueInfoName(r: ProtoReader): string {
  while (!r.done()) {
    const [f, w] = r.tag();
    if (f === 1 && w === 2) return r.string();
    r.skip(w);
  }
  return "";
}

function readTensor(r: ProtoReader): [string, Tensor] {
  let name = "";
  const dims: number[] = [];
  let raw: Uint8Array | undefined;
  const floats: number[] = [];
  let type = 1;
  while (!r.done()) {
    const [f, w] = r.tag();
    if (f === 1 && w === 0) dims.push(r.varint());
    else if (f === 1 && w === 2) {
      const s = r.sub();
      while (!s.done()) dims.push(s.varint());
    } else if (f === 2 && w === 0) type = r.varint();
    else if (f === 8 && w === 2) name = r.string();
    else if (f === 9 && w === 2) raw = r.bytes();
    else if (f === 4 && w === 2) {
      const b = r.bytes();
      const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
      for (let i = 0; i + 4 <= b.length; i += 4) floats.push(dv.getFloat32(i, true));
    } else r.skip(w);
  }
  if (type !== 1) throw new Error(`tensor ${name} is not float32`);
  let data: Float32Array;
  if (raw) {
    data = new Float32Array(raw.length / 4);
    const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    for (let i = 0; i < data.length; i++) data[i] = dv.getFloat32(i * 4, true);
  } else data = Float32Array.from(floats);
  return [name, { dims, data }];
}
