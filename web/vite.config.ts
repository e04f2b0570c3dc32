import { createReadStream, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/**
 * The PWA. `npm start` runs `vite --config web/vite.config.ts` from the repo root, so paths are
 * anchored here. `/api` and `/oauth` proxy to the Worker (SCOUTS_CLOUD_URL) so the app talks to
 * the cloud on its own origin in dev and preview, as it does when the Worker serves it.
 */
const webRoot = import.meta.dirname;
const ortDist = path.join(webRoot, "..", "node_modules", "onnxruntime-web", "dist");
const ortFiles = ["ort-wasm-simd-threaded.wasm", "ort-wasm-simd-threaded.mjs"];
const cloudUrl = process.env.SCOUTS_CLOUD_URL ?? "http://127.0.0.1:8787";

/** Serves onnxruntime-web's wasm from our own origin under /ort/ (dev) and emits it into the build. */
function ortWasm(): Plugin {
  return {
    name: "scouts-ort-wasm",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.startsWith("/ort/") ? req.url.slice(5).split("?")[0] : undefined;
        if (!name || !ortFiles.includes(name)) return next();
        res.setHeader("Content-Type", name.endsWith(".wasm") ? "application/wasm" : "text/javascript");
        createReadStream(path.join(ortDist, name)).pipe(res);
      });
    },
    generateBundle() {
      for (const name of ortFiles) {
        this.emitFile({
          type: "asset",
          fileName: `ort/${name}`,
          source: readFileSync(path.join(ortDist, name)),
        });
      }
    },
  };
}

const proxy = {
  "/api/v1/device": { target: cloudUrl, ws: true, changeOrigin: true },
  "/api": { target: cloudUrl, changeOrigin: true },
  "/oauth": { target: cloudUrl, changeOrigin: true },
};

/**
 * The `/*` headers of `public/_headers` (the site CSP and friends), for `vite preview` when
 * SCOUTS_PREVIEW_SITE_HEADERS=1: browser tests then run under the policy the Worker serves.
 */
function siteHeaders(): Record<string, string> | undefined {
  if (process.env.SCOUTS_PREVIEW_SITE_HEADERS !== "1") return undefined;
  const block = /^\/\*\n((?:[ \t]+\S.*\n?)+)/m.exec(
    readFileSync(path.join(webRoot, "public", "_headers"), "utf8"),
  );
  const lines =
    block?.[1]
      ?.split("\n")
      .map((l) => l.trim())
      .filter(Boolean) ?? [];
  return Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
  );
}

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, "public"),
  envPrefix: "SCOUTS_PUBLIC_",
  build: {
    outDir: path.join(webRoot, "dist"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    // device-test.html drives the browser-as-device module in e2e tests and benches (PWA-DEVICE);
    // built only when SCOUTS_DEVICE_HARNESS=1, so production builds do not ship it.
    rollupOptions: {
      input: Object.fromEntries(
        ["index.html", ...(process.env.SCOUTS_DEVICE_HARNESS === "1" ? ["device-test.html"] : [])]
          .filter((f) => existsSync(path.join(webRoot, f)))
          .map((f) => [f.replace(".html", ""), path.join(webRoot, f)]),
      ),
    },
  },
  worker: { format: "es" },
  server: { host: "127.0.0.1", port: 5173, proxy, fs: { allow: [path.join(webRoot, "..")] } },
  preview: { host: "127.0.0.1", proxy, headers: siteHeaders() },
  optimizeDeps: { exclude: ["onnxruntime-web"] },
  // The non-bundled wasm build: it loads its .mjs/.wasm from ort.env.wasm.wasmPaths (/ort/), so Vite
  // does not emit a second 14 MB copy of the wasm under assets/.
  resolve: { alias: { "onnxruntime-web/wasm": path.join(ortDist, "ort.wasm.min.mjs") } },
  plugins: [
    react(),
    ortWasm(),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["icons/favicon.svg"],
      manifest: {
        name: "Scouts",
        short_name: "Scouts",
        description: "Your inbox and team chat, triaged on your own device.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#f6f7f4",
        theme_color: "#1f5f5b",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The app shell, the lazily loaded model worker, the model files and ort's wasm: all offline.
        globPatterns: ["**/*.{js,mjs,css,html,png,svg,wasm,onnx,json,webmanifest}"],
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/oauth\//, /^\/webhooks\//, /^\/health$/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
