/**
 * The `/storage/v1` plugin: the part of Supabase Storage's HTTP API that storage-js uses for
 * buckets and objects (supabase/storage src/http/routes/bucket/index.ts, object/index.ts).
 * Upload routes (and the signed upload's PUT) read the request stream themselves (any content
 * type, no 1 MB body limit); the others take JSON. Errors leave in Storage's format (errors.ts); an unknown route answers as
 * Storage's src/http/not-found-handler.ts does (404 `Route <METHOD>:<url> not found`, the url as
 * the hosted gateway passes it on, without `/storage/v1`). Every answer carries
 * `X-Content-Type-Options: nosniff`, so no browser reads an object as another type than the one
 * it is served with (media-type.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.js';
import type { StorageContext } from './context.js';
import { StorageError, sendStorageError } from './errors.js';
import { listObjectsV2 } from './list-v2.js';
import { copyObject, listObjects, moveObject, removeObjects } from './manage.js';
import { findReadable, sendInfo, sendObject, type Access } from './read.js';
import { renderRoutes } from './render.js';
import { getSigned, signMany, signOne } from './sign.js';
import { signUpload, uploadSigned } from './sign-upload.js';
import { uploadObject } from './upload.js';

type Handler = (ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function toStorageError(err: FastifyError): StorageError {
  if (err instanceof StorageError) return err;
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) console.error('storage:', err);
  const message = status === 500 ? 'Internal Server Error' : err.message;
  return new StorageError(status, status === 500 ? 'InternalError' : 'InvalidRequest', message, err.name, status);
}

function notFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).type('application/json; charset=utf-8').send({
    statusCode: '404', code: 'InvalidRequest', error: 'Not Found',
    message: `Route ${req.method}:${req.raw.url!.replace(/^\/storage\/v1(?=\/|$)/, '')} not found`,
  });
}

export function storagePlugin(ctx: StorageContext) {
  const h = (fn: Handler) => (req: FastifyRequest, reply: FastifyReply) => fn(ctx, req, reply);
  const read = (access: Access, info = false) => h(async (c, req, reply) => {
    const obj = await findReadable(c, req, access);
    return info ? sendInfo(reply, obj) : sendObject(c, req, reply, obj);
  });
  return async (app: FastifyInstance): Promise<void> => {
    app.setErrorHandler((err: FastifyError, _req, reply) => sendStorageError(reply, toStorageError(err)));
    app.addHook('onRequest', async (_req, reply) => {
      reply.header('x-content-type-options', 'nosniff');
    });
    app.setNotFoundHandler(notFound);

    app.get('/bucket', h(listBuckets));
    app.get('/bucket/:bucketId', h(getBucket));
    app.post('/bucket', h(createBucket));
    app.put('/bucket/:bucketId', h(updateBucket));
    app.post('/bucket/:bucketId/empty', h(emptyBucket));
    app.delete('/bucket/:bucketId', h(deleteBucket));

    const noHead = { exposeHeadRoute: false };
    app.get('/object/public/:bucketName/*', noHead, read('public'));
    app.head('/object/public/:bucketName/*', read('public'));
    app.get('/object/authenticated/:bucketName/*', noHead, read('jwt'));
    app.head('/object/authenticated/:bucketName/*', read('jwt'));
    app.get('/object/:bucketName/*', noHead, read('optional-jwt'));
    app.head('/object/:bucketName/*', read('optional-jwt'));
    app.get('/object/info/public/:bucketName/*', noHead, read('public', true));
    app.get('/object/info/authenticated/:bucketName/*', noHead, read('jwt', true));
    app.get('/object/info/:bucketName/*', noHead, read('optional-jwt', true));

    app.post('/object/list/:bucketName', h(listObjects));
    app.post('/object/list-v2/:bucketName', h(listObjectsV2));
    app.delete('/object/:bucketName', h(removeObjects));
    app.post('/object/move', h(moveObject));
    app.post('/object/copy', h(copyObject));
    app.post('/object/sign/:bucketName/*', h(signOne));
    app.post('/object/sign/:bucketName', h(signMany));
    app.get('/object/sign/:bucketName/*', noHead, h(getSigned));
    app.post('/object/upload/sign/:bucketName/*', h(signUpload));
    renderRoutes((path, handler) => app.get(path, noHead, handler), h);

    // Uploads: the handler streams the body itself, whatever its type and size.
    await app.register(async (uploads) => {
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
      uploads.post('/object/:bucketName/*', h((c, req, reply) => uploadObject(c, req, reply, req.headers['x-upsert'] === 'true')));
      uploads.put('/object/:bucketName/*', h((c, req, reply) => uploadObject(c, req, reply, true)));
      uploads.put('/object/upload/sign/:bucketName/*', h(uploadSigned));
    });
  };
}
