// The service's tests run a second time with `serve`'s light Request, Response and Headers as the
// globals (service/light-fetch.ts), as `serve` runs: the handler, Hono and the TCP listener
// (light-listener.ts) must behave the same with them as with Node's own.
import { installLightFetch } from '../../src-main/service/light-listener.ts';

installLightFetch();
