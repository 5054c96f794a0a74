/** zh-CN texts of the auth area; merged into the one catalogue by index.ts. */
export const zhCNAuth = {} as const;
