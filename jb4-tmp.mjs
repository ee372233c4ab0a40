const d = Object.getOwnPropertyDescriptor(globalThis, 'Headers');
if (process.argv[3] === 'nohdr') Object.defineProperty(globalThis, 'Headers', { value: undefined, configurable: true, writable: true });
const c0 = process.cpuUsage(); const t0 = performance.now();
const m = process.argv[2] === 'cjs' ? (await import('module')).createRequire(import.meta.url)('just-bash') : process.argv[2] === 'esm' ? await import('just-bash') : null;
Object.defineProperty(globalThis, 'Headers', d);
const t1 = performance.now();
if (m) { const bash = new m.Bash({ fs: new m.InMemoryFs({ '/w/src/a.ts': 'x' }), cwd: '/w' }); await bash.exec('ls src'); }
const t2 = performance.now(); const c = process.cpuUsage(c0);
console.log(process.argv.slice(2).join(' ').padEnd(12), 'load', (t1 - t0).toFixed(0), 'exec', (t2 - t1).toFixed(0), 'cpu', ((c.user + c.system) / 1000).toFixed(0), 'rss', (process.resourceUsage().maxRSS / 1024).toFixed(1));
