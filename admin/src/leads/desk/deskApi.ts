import type { AdminLeadNote, AdminTask, TimelineEntry } from '@shared/api/lead-desk';
import { API, httpClient } from '../../lib/dataProvider';

const list = (resource: string, filter: object, sort: [string, 'ASC' | 'DESC']) =>
  `${API}/${resource}?${new URLSearchParams({
    filter: JSON.stringify(filter),
    sort: JSON.stringify(sort),
    range: '[0,199]',
  })}`;

export const deskKeys = {
  timeline: (leadId: number) => ['lead-desk', 'timeline', leadId] as const,
  tasks: (leadId: number) => ['lead-desk', 'tasks', leadId] as const,
  myTasks: (userId: number) => ['lead-desk', 'my-tasks', userId] as const,
};

export async function fetchTimeline(leadId: number): Promise<TimelineEntry[]> {
  return (await httpClient(`${API}/leads/${leadId}/timeline`)).json;
}

export async function fetchLeadTasks(leadId: number): Promise<AdminTask[]> {
  return (await httpClient(list('tasks', { lead_id: leadId }, ['due_at', 'ASC']))).json;
}

/** Open tasks of a user, soonest due first (so the overdue ones come first). */
export async function fetchOpenTasksOf(userId: number): Promise<AdminTask[]> {
  return (await httpClient(list('tasks', { assignee_id: userId, done: false }, ['due_at', 'ASC']))).json;
}

export async function addNote(leadId: number, text: string): Promise<AdminLeadNote> {
  return (await httpClient(`${API}/lead-notes`, { method: 'POST', body: JSON.stringify({ lead_id: leadId, text }) }))
    .json;
}

export async function addTask(body: {
  lead_id: number;
  title: string;
  due_at: string;
  assignee_id?: number;
}): Promise<AdminTask> {
  return (await httpClient(`${API}/tasks`, { method: 'POST', body: JSON.stringify(body) })).json;
}

export async function setTaskDone(id: number, done: boolean): Promise<AdminTask> {
  return (await httpClient(`${API}/tasks/${id}`, { method: 'PUT', body: JSON.stringify({ done }) })).json;
}

export const isOverdue = (task: AdminTask, now = Date.now()) => !task.done_at && new Date(task.due_at).getTime() < now;
