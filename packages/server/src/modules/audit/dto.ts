import type { AuditLogDto } from '@pathconsult/shared';
import type { auditLogs } from '../../db/schema';

export function toAuditLogDto(r: typeof auditLogs.$inferSelect): AuditLogDto {
  return {
    iAuditLogId: r.id,
    dtCreateTime: r.createdAt.toISOString(),
    iUserId: r.userId,
    strUserName: r.userName,
    iRoleType: r.roleType,
    iHospitalId: r.hospitalId,
    strAction: r.action,
    strTargetType: r.targetType,
    strTargetId: r.targetId,
    strOutcome: r.outcome as AuditLogDto['strOutcome'],
    strIp: r.ip,
    objDetail: r.detail ?? null,
  };
}
