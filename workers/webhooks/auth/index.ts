export { devOnly } from "./dev-only.ts";
export { requireDevice } from "./require-device.ts";
export { requireSession } from "./require-session.ts";
export { requireUser } from "./require-user.ts";
