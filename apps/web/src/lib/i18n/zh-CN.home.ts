/** zh-CN texts of the home dashboard and the /data-v big screen; merged into the one catalogue by index.ts. */
export const zhCNHome = {} as const;
