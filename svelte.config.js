import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
  preprocess: vitePreprocess(),
  kit: {
    adapter: adapter({ fallback: '200.html' }),
    // The worker entries are only reached through `new URL(...)`, which svelte-check skips.
    typescript: {
      config: (c) => {
        c.include.push('../workers/**/*.ts');
        // The import rules' fixture breaks them on purpose; its `$lib` is its own folder, not the app's.
        c.exclude.push('../tests/imports/fixtures/**');
      }
    },
    serviceWorker: { register: false },
    csp: {
      mode: 'hash',
      directives: {
        'default-src': ['self'],
        'script-src': ['self', 'wasm-unsafe-eval'],
        'worker-src': ['self', 'blob:'],
        'style-src': ['self', 'unsafe-inline'],
        'img-src': ['self', 'data:', 'blob:'],
        'media-src': ['self', 'data:', 'blob:'],
        // Model endpoints are configured by the user at run time (Ollama on loopback, a remote API),
        // so connect-src cannot be narrowed to a fixed list at build time.
        'connect-src': ['self', 'http:', 'https:', 'ws://127.0.0.1:*', 'ws://localhost:*'],
        'frame-src': ['self', 'blob:'],
        'object-src': ['none'],
        'base-uri': ['self'],
        'form-action': ['self']
      }
    }
  }
};

export default config;
