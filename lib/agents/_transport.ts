/**
 * A transport wrapped around another: everything passes through to it, but for what the hooks
 * change on the way in (`incoming`, which hands a message on to the server itself) and on the way
 * out (`outgoing`). What `checkingParams` and `leaningToolList` are built on.
 *
 * @module
 */
import type {
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

/** The transport `inner`, its messages passed through `incoming` and `outgoing`. */
export function wrapped(
  inner: Transport,
  { incoming, outgoing = (message) => message }: {
    /** A message on its way to the server; `outer.onmessage` hands it on. */
    incoming: (
      message: JSONRPCMessage,
      extra: MessageExtraInfo | undefined,
      outer: Transport,
    ) => void;
    /** A message on its way from the server, as it is sent. */
    outgoing?: (message: JSONRPCMessage) => JSONRPCMessage;
  },
): Transport {
  const outer: Transport = {
    start: () => inner.start(),
    send: (message: JSONRPCMessage, options?: TransportSendOptions) =>
      inner.send(outgoing(message), options),
    close: () => inner.close(),
    setProtocolVersion: (version: string) => inner.setProtocolVersion?.(version),
    get sessionId() {
      return inner.sessionId;
    },
  };
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error: Error) => outer.onerror?.(error);
  inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) =>
    incoming(message, extra, outer);
  return outer;
}
