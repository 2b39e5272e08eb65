import { escapeHtml } from '../../../shared/rules/primitives';
import { mailLayout } from '../html';
import type { MailMessage } from '../mail.service';

/** What a task reminder names. */
export interface TaskReminder {
  taskTitle: string;
  dueAt: Date;
  leadId: number;
  leadName: string;
  assigneeFirstName: string;
}

const madrid = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});

/** The reminder of a task that fell due (Spanish), linking to the lead's back-office page. */
export function taskReminderMail(to: string, r: TaskReminder, publicUrl: string): MailMessage {
  const subject = `Recordatorio: ${r.taskTitle}`;
  const url = `${publicUrl}/admin/leads/${r.leadId}/show`;
  const lead = `${r.leadName} (#${r.leadId})`;
  const due = `${madrid.format(r.dueAt)} (hora de Madrid)`;
  const intro = `Hola ${r.assigneeFirstName}, tienes una tarea pendiente que ha vencido.`;
  const rows: Array<[string, string]> = [
    ['Tarea', r.taskTitle],
    ['Solicitud', lead],
    ['Vencimiento', due],
  ];
  const text = [
    intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `Abrir la solicitud en el back-office: ${url}`,
  ].join('\n');
  const html = mailLayout(
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${rows.map(([k, v]) => `<li><strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(url)}">Abrir la solicitud en el back-office</a></p>`,
    ].join(''),
  );
  return { to, subject, text, html };
}
