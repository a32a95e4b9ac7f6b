import { Messages, RpcContracts, RpcParsed, RpcResponse, RpcSubject, takesCaller } from '@fodmap/contracts';
import { PipeTransform, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { z } from 'zod';
import { CallerSignatureGuard } from './caller-signature';
import { subject } from './subjects';

/** What a service sends back when a request fails: the HTTP status the gateway answers with, and a human message. */
export interface RpcFailureBody {
  status: number;
  message: string;
  /** A refusal the caller may repeat after this many seconds (a 429): the gateway sends it as Retry-After. */
  retryAfterSeconds?: number;
}

export function rpcFailure(status: number, message: string, retryAfterSeconds?: number): RpcException {
  return new RpcException({ status, message, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) } satisfies RpcFailureBody);
}

export function isRpcFailureBody(value: unknown): value is RpcFailureBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcFailureBody).status === 'number' &&
    typeof (value as RpcFailureBody).message === 'string'
  );
}

/** zod's own word for a missing value, which the schemas' messages replace where they have one. */
const ZOD_REQUIRED = 'Required';

/** Names a missing part of the request ('input is required') where its schema gives no message of its own. */
const requestErrorMap: z.ZodErrorMap = (issue, context) => {
  if (issue.code === z.ZodIssueCode.invalid_type && issue.received === z.ZodParsedType.undefined && context.defaultError === ZOD_REQUIRED) {
    return { message: `${issue.path.join('.')} is required` };
  }
  return { message: context.defaultError };
};

/**
 * Validates a request against its subject's schema: the gateway is not the only process that can publish on a subject.
 * A missing or broken caller is 401 (its time zone aside, which is 400); anything else invalid is 400 with the first problem.
 */
export function parseRequest<Subject extends RpcSubject>(name: Subject, payload: unknown): RpcParsed<Subject> {
  const result = RpcContracts[name].request.safeParse(payload ?? {}, { errorMap: requestErrorMap });
  if (result.success) return result.data as RpcParsed<Subject>;
  const { issues } = result.error;
  if (issues.some((issue) => issue.path[0] === 'caller' && issue.path[1] !== 'timeZone')) throw rpcFailure(401, Messages.unauthorized);
  throw rpcFailure(400, issues[0]?.message ?? 'Invalid request');
}

class RpcRequestPipe<Subject extends RpcSubject> implements PipeTransform<unknown, RpcParsed<Subject>> {
  constructor(private readonly name: Subject) {}

  transform(payload: unknown): RpcParsed<Subject> {
    return parseRequest(this.name, payload);
  }
}

/** Parameters after the request (e.g. `@Ctx()` for the message's headers) are the handler's own business. */
type RpcHandler<Subject extends RpcSubject> = (request: RpcParsed<Subject>, ...context: never[]) => RpcResponse<Subject> | Promise<RpcResponse<Subject>>;
/** Methods compare their parameters both ways: this also refuses a handler that expects more than the subject carries. */
type HandlerOf<Subject extends RpcSubject, Handler> = Handler extends (request: infer Request, ...context: never[]) => unknown
  ? RpcParsed<Subject> extends Request
    ? Handler
    : never
  : Handler;

/**
 * Makes a controller method the handler of `name`: its first parameter receives the request validated by the
 * subject's schema, and a method whose request or answer does not match the contract does not compile. A subject that
 * acts for a caller first checks that the caller was signed with CALLER_SECRET (caller-signature.ts).
 */
export function Handles<Subject extends RpcSubject>(name: Subject) {
  return <Handler extends RpcHandler<Subject>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<HandlerOf<Subject, Handler>>): void => {
    MessagePattern(subject(name))(target, key, descriptor);
    if (takesCaller(name)) UseGuards(CallerSignatureGuard)(target, key, descriptor);
    Payload(new RpcRequestPipe(name))(target, key, 0);
  };
}
