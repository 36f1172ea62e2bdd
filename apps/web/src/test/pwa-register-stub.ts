// Test stand-in for vite-plugin-pwa's virtual module: no service worker, no update pending.
export const useRegisterSW = () => ({
  needRefresh: [false, () => undefined] as const,
  offlineReady: [false, () => undefined] as const,
  updateServiceWorker: async () => undefined,
});
