// Any /api path outside /api/v1 (another version, a path that normalised out of v1): the 404 envelope.
import { outsideApi } from "../../src/api/handle.js";

export const onRequest = ({ request }: { request: Request }): Response => outsideApi(new URL(request.url).pathname);
