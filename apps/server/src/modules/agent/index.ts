/** The agent module's public face: what other modules may use of it. */
export { toAgent } from './agent.service';
