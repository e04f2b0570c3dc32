import onnxProto, { type onnx as OnnxTypes } from "onnx-proto";

const { onnx } = onnxProto;

export interface ExportHead {
  output: string;
  activation: "softmax" | "sigmoid";
  weights: Float32Array;
  bias: Float32Array;
  width: number;
}

/**
 * Builds an opset-17 ONNX model: for each head, MatMul(features, W) → Add(B) → Softmax|Sigmoid.
 * Weights go in raw_data (little-endian float32). Output bytes depend only on the inputs.
 */
export function buildOnnx(input: string, dim: number, heads: ExportHead[], docString: string): Uint8Array {
  const nodes: OnnxTypes.INodeProto[] = [];
  const initializer: OnnxTypes.ITensorProto[] = [];
  const outputs: OnnxTypes.IValueInfoProto[] = [];
  for (const h of heads) {
    initializer.push(
      tensor(`${h.output}.W`, [dim, h.width], h.weights),
      tensor(`${h.output}.B`, [h.width], h.bias),
    );
    nodes.push(
      {
        opType: "MatMul",
        input: [input, `${h.output}.W`],
        output: [`${h.output}.logits0`],
        name: `${h.output}.matmul`,
      },
      {
        opType: "Add",
        input: [`${h.output}.logits0`, `${h.output}.B`],
        output: [`${h.output}.logits`],
        name: `${h.output}.add`,
      },
      h.activation === "softmax"
        ? {
            opType: "Softmax",
            input: [`${h.output}.logits`],
            output: [h.output],
            name: `${h.output}.softmax`,
            attribute: [{ name: "axis", type: onnx.AttributeProto.AttributeType.INT, i: -1 }],
          }
        : {
            opType: "Sigmoid",
            input: [`${h.output}.logits`],
            output: [h.output],
            name: `${h.output}.sigmoid`,
          },
    );
    outputs.push(valueInfo(h.output, ["N", h.width]));
  }
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: "scouts-train-triage",
    producerVersion: "1",
    docString,
    opsetImport: [{ domain: "", version: 17 }],
    graph: {
      name: "scouts_triage",
      node: nodes,
      initializer,
      input: [valueInfo(input, ["N", dim])],
      output: outputs,
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

function tensor(name: string, dims: number[], data: Float32Array): OnnxTypes.ITensorProto {
  const raw = new Uint8Array(data.length * 4);
  const dv = new DataView(raw.buffer);
  for (let i = 0; i < data.length; i++) dv.setFloat32(i * 4, data[i]!, true);
  return { name, dims, dataType: onnx.TensorProto.DataType.FLOAT, rawData: raw };
}

function valueInfo(name: string, shape: (string | number)[]): OnnxTypes.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.FLOAT,
        shape: { dim: shape.map((d) => (typeof d === "string" ? { dimParam: d } : { dimValue: d })) },
      },
    },
  };
}
