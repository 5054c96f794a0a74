/** zh-CN texts of the verify area; merged into the one catalogue by index.ts. */
export const zhCNVerify = {} as const;
