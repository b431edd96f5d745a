// Written for the SDK release in ./version.ts, which turns an omitted `listChanged` into true for resources and
// prompts. The contract declares every list fixed, so each is spelled out.

export const FIXED_LISTS = { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } } as const;
