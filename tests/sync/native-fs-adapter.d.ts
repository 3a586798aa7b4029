// native-file-system-adapter ships no types for its adapters; the node one takes a folder path.
declare module 'native-file-system-adapter/src/adapters/node.js' {
  const nodeAdapter: (path: string) => unknown;
  export default nodeAdapter;
}
