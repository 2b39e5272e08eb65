import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** Who did it and from where: what every audit entry carries besides the action itself. */
export interface AuditContext {
  actor_id: number | null;
  ip: string | null;
}

/** The audit context of the request: the signed-in staff member and the client's address. */
export const Audit = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuditContext => {
  const req = ctx.switchToHttp().getRequest<{ user?: { id?: number }; ip?: string }>();
  return { actor_id: req.user?.id ?? null, ip: req.ip ?? null };
});
