import { registerSW } from "virtual:pwa-register";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ConnectionProvider } from "./app/connection.tsx";
import { UndoProvider } from "./app/undo.tsx";
import { router } from "./router.tsx";
import "./app/styles.css";

// The service worker precaches the shell (and the model files) so the app opens offline.
// "prompt" mode: a new version waits until the person reloads; it never swaps code under them.
if ("serviceWorker" in navigator) {
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      window.dispatchEvent(new CustomEvent("scouts:update", { detail: () => updateSW(true) })),
  });
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");
createRoot(root).render(
  <StrictMode>
    <ConnectionProvider>
      <UndoProvider>
        <RouterProvider router={router} />
      </UndoProvider>
    </ConnectionProvider>
  </StrictMode>,
);
