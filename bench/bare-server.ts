import Fastify from 'fastify';

// Baseline: a bare Fastify route answering a small JSON envelope, in its own process like the real server.
const fastify = Fastify({ logger: false });
fastify.get('/api/ping', async () => ({ code: 200, msg: 'ok', data: { pong: true } }));
const address = await fastify.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
