// Test harness: mounts the projects screen against the agent named in the URL fragment.
import { createRoot } from "react-dom/client";
import { projectsApi } from "../../../web/src/routes/projects/projects-api.ts";
import { ProjectsPage } from "../../../web/src/routes/projects/projects-page.tsx";

const params = new URLSearchParams(location.hash.slice(1));
const api = projectsApi({ baseUrl: params.get("agent") ?? "", token: params.get("token") ?? "" });
createRoot(document.getElementById("root")!).render(<ProjectsPage api={api} />);
