/** Text of a file imported with webpack's raw-loader ('!!raw-loader!leaflet/dist/leaflet.css'). */
declare module '!!raw-loader!*' {
  const text: string;
  export default text;
}
