/** The agent calls the cloud through the shared device client (`core/device/cloud-client.ts`). */
export { type CloudClient, createCloudClient } from "@scouts/core/device/cloud-client";
