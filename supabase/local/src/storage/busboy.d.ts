// The subset of busboy 1.x's API the Storage upload uses (the package ships no types).
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  namespace busboy {
    interface Config {
      headers: IncomingHttpHeaders;
      limits?: { files?: number; fields?: number; fileSize?: number; fieldSize?: number };
    }
    interface FileInfo {
      filename: string;
      encoding: string;
      mimeType: string;
    }
    interface Busboy extends Writable {
      on(event: 'file', listener: (name: string, stream: Readable, info: FileInfo) => void): this;
      on(event: 'field', listener: (name: string, value: string) => void): this;
      on(event: 'close', listener: () => void): this;
      on(event: 'error', listener: (err: unknown) => void): this;
    }
  }
  function busboy(config: busboy.Config): busboy.Busboy;
  export default busboy;
}
