/** The key of an item on screen whose write status is shown ('audit:<id>:point:<runId>:<pointId>'). */
export const auditItem = (auditId: string, ...parts: string[]) => ['audit', auditId, ...parts].join(':');
export const inspectionItem = (inspectionId: string, ...parts: string[]) => ['inspection', inspectionId, ...parts].join(':');
