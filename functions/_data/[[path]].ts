// The prebuilt files under /_data are read by the API function through env.ASSETS only; a direct
// request for them gets the API's 404 envelope, so they are never served as they are.
import { outsideApi } from "../../src/api/handle.js";

export const onRequest = ({ request }: { request: Request }): Response => outsideApi(new URL(request.url).pathname);
