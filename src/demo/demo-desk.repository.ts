import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DAY_MS } from '../common/time/durations';
import { EmailTemplate } from '../admin/desk/email-template.entity';
import { LeadNote } from '../admin/desk/lead-note.entity';
import { LeadTask } from '../admin/desk/lead-task.entity';
import { Destination } from '../catalogue/entities/destination.entity';
import { TravelPack } from '../catalogue/entities/travel-pack.entity';
import { runInTransaction } from '../database/transactions';
import { Lead } from '../leads/entities/lead.entity';
import { LeadEvent } from '../leads/entities/lead-event.entity';
import { LEAD_STATUSES, LeadStatus } from '../../shared/limits';
import { User } from '../users/entities/user.entity';
import { hashPassword } from '../users/passwords';

/** How many demo leads, spread over the last DAYS days. */
export const DEMO_DESK_LEADS = 60;
const DAYS = 30;

/** The demo agents: addresses on example.com (never delivered), each with a random password nobody knows. */
export const DEMO_AGENTS = [
  { first_name: 'Lucía', last_name: 'Romero', email: 'lucia.romero@agentes.example.com' },
  { first_name: 'Martín', last_name: 'Castro', email: 'martin.castro@agentes.example.com' },
  { first_name: 'Sofía', last_name: 'Herrera', email: 'sofia.herrera@agentes.example.com' },
] as const;

const FIRST = [
  'Carla',
  'Diego',
  'Valentina',
  'Javier',
  'Camila',
  'Andrés',
  'Isabel',
  'Pablo',
  'Daniela',
  'Tomás',
  'Elena',
  'Mateo',
];
const LAST = [
  'García',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Vargas',
  'Ruiz',
  'Ortega',
  'Navarro',
];

const NOTES = [
  'Llamó por la mañana: viaja con su pareja y dos niños.',
  'Prefiere hotel frente al mar; presupuesto flexible.',
  'Pidió comparar con otra agencia, volver a llamar el viernes.',
  'Le envié opciones de vuelo desde Madrid y Barcelona.',
  'Quiere saber si el pack incluye traslados.',
  'Confirmó fechas; espera la propuesta por e-mail.',
];
const TASKS = [
  'Llamar para confirmar fechas',
  'Enviar propuesta',
  'Consultar disponibilidad del hotel',
  'Seguimiento tras la propuesta',
];

/** The follow-up sequence of the demo (days 0, 2 and 5), editable in the back-office. */
export const DEMO_TEMPLATES = [
  {
    name: 'Seguimiento día 0: gracias por tu solicitud',
    subject: 'Tu viaje a {{destino}}: hemos recibido tu solicitud',
    body: 'Hola {{nombre}}:\n\nGracias por interesarte en {{destino}}. Soy {{agente}} y me encargaré de tu solicitud: te llamaré en breve para conocer los detalles de tu viaje.\n\nUn saludo,\n{{agente}}',
    sequence_day: 0,
  },
  {
    name: 'Seguimiento día 2: ¿hablamos?',
    subject: '{{nombre}}, ¿seguimos con tu viaje a {{destino}}?',
    body: 'Hola {{nombre}}:\n\nTe escribo por tu solicitud para {{destino}}. El pack {{pack}} sigue disponible desde {{precio}}. ¿Cuándo te viene bien que te llame?\n\nUn saludo,\n{{agente}}',
    sequence_day: 2,
  },
  {
    name: 'Seguimiento día 5: última oportunidad',
    subject: 'Últimas plazas para {{destino}}',
    body: 'Hola {{nombre}}:\n\nNo quería que te quedaras sin tu viaje a {{destino}}: quedan pocas plazas al precio actual. Responde a este correo y te preparo la propuesta hoy mismo.\n\nUn saludo,\n{{agente}}',
    sequence_day: 5,
  },
] as const;

/** A small deterministic generator: the same demo on every fresh start. */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The pipeline a demo lead went through to reach `status`, in order. */
function pathTo(status: LeadStatus): LeadStatus[] {
  if (status === 'lost') return ['new', 'contacted', 'lost'];
  const order: LeadStatus[] = ['new', 'contacted', 'qualified', 'proposal_sent', 'booked'];
  return order.slice(0, order.indexOf(status) + 1);
}

/**
 * The demo desk (DEMO_DESK, see AppConfig.demoDesk): loaded with a fresh demo catalogue, so the
 * dashboard, board and lists of a newcomer's first start show life: 3 agents, about 60 leads
 * over the last 30 days in every status and destination with their history, notes and tasks,
 * and the follow-up templates of days 0, 2 and 5.
 */
@Injectable()
export class DemoDeskRepository {
  private readonly logger = new Logger('DemoDesk');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Loads the desk when there is no lead and no agent yet; false otherwise. */
  async seedIfEmpty(now = new Date()): Promise<boolean> {
    const passwords = await Promise.all(DEMO_AGENTS.map(() => hashPassword(randomBytes(24).toString('base64url'))));
    const seeded = await runInTransaction(this.dataSource, async (m) => {
      if (await m.getRepository(Lead).exists()) return false;
      if (await m.getRepository(User).exists({ where: { is_agent: true } })) return false;
      await this.load(m, now, passwords);
      return true;
    });
    if (seeded) this.logger.log(`Demo desk loaded: ${DEMO_AGENTS.length} agents, ${DEMO_DESK_LEADS} leads`);
    return seeded;
  }

  private async load(m: EntityManager, now: Date, passwords: string[]): Promise<void> {
    const agents: User[] = [];
    for (const [i, a] of DEMO_AGENTS.entries()) {
      agents.push(
        await m.getRepository(User).save(
          m.getRepository(User).create({
            ...a,
            phone: `55500000${i + 1}0`,
            password_hash: passwords[i],
            is_active: true,
            is_agent: true,
            is_superuser: false,
            email_verified_at: now,
            earlier_leads_claimed_at: now,
          }),
        ),
      );
    }
    await m.getRepository(EmailTemplate).insert(DEMO_TEMPLATES.map((t) => ({ ...t })));
    const destinations = await m.getRepository(Destination).find({ order: { id: 'ASC' } });
    const packs = await m.getRepository(TravelPack).find({ order: { id: 'ASC' } });
    const random = generator(29);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

    for (let i = 0; i < DEMO_DESK_LEADS; i++) {
      // More leads lately than a month ago, unevenly from day to day, as a season picking up.
      const position = (DEMO_DESK_LEADS - 1 - i) / DEMO_DESK_LEADS;
      const age = position ** 1.6 * DAYS * DAY_MS + random() * 18 * 3_600_000;
      const created = new Date(now.getTime() - age - 600_000);
      const ageDays = age / DAY_MS;
      // Older leads are further along the pipeline; every status shows up.
      const status: LeadStatus =
        i < LEAD_STATUSES.length
          ? LEAD_STATUSES[i]
          : ageDays < 2
            ? 'new'
            : pick(ageDays < 8 ? (['new', 'contacted', 'qualified'] as const) : LEAD_STATUSES);
      // Every destination once, then the first ones (the best sellers) more often than the last.
      const destination = i < destinations.length ? destinations[i] : weightedPick(destinations, random);
      const destinationPacks = packs.filter((p) => p.destination_id === destination.id);
      const pack = i % 3 === 2 || !destinationPacks.length ? null : pick(destinationPacks);
      const agent = i % 5 === 4 && status === 'new' ? null : agents[i % agents.length];
      const first = pick(FIRST);
      const last = pick(LAST);
      const travel = new Date(now.getTime() + (20 + Math.floor(random() * 120)) * DAY_MS);
      const { identifiers } = await m.getRepository(Lead).insert({
        created_at: created,
        updated_at: created,
        first_name: first,
        last_name: last,
        email: `${ascii(first)}.${ascii(last)}${i + 1}@example.com`,
        phone: `555${String(1_000_000 + i * 7919).slice(-7)}`,
        date: travel.toISOString().slice(0, 10),
        hour: `${String(9 + (i % 9)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        status,
        source: i % 4 === 0 ? 'admin' : 'email_verification',
        destination_id: destination.id,
        travel_pack_id: pack?.id ?? null,
        agent_id: agent?.id ?? null,
        is_priority: i % 11 === 0,
        // The demo's notices and follow-ups count as sent: a fresh start writes to nobody.
        notified_at: created,
        sla_notified_at: status === 'new' ? created : null,
        follow_up_day: ageDays >= 5 ? 5 : ageDays >= 2 ? 2 : 0,
      });
      const leadId = Number(identifiers[0].id);
      const at = (hours: number) => new Date(Math.min(created.getTime() + hours * 3_600_000, now.getTime() - 60_000));
      const events: Array<Partial<LeadEvent>> = [
        { lead_id: leadId, kind: 'created', from_value: null, to_value: 'new', actor_id: null, created_at: created },
      ];
      if (agent)
        events.push({
          lead_id: leadId,
          kind: 'assignment',
          from_value: null,
          to_value: String(agent.id),
          actor_id: null,
          created_at: at(0.2),
        });
      const path = pathTo(status);
      for (let step = 1; step < path.length; step++) {
        events.push({
          lead_id: leadId,
          kind: 'status',
          from_value: path[step - 1],
          to_value: path[step],
          actor_id: agent?.id ?? null,
          created_at: at(step * 20),
        });
      }
      await m.getRepository(LeadEvent).insert(events);
      if (agent && i % 3 !== 1) {
        const count = 1 + (i % 2);
        await m.getRepository(LeadNote).insert(
          Array.from({ length: count }, (_, n) => ({
            lead_id: leadId,
            text: NOTES[(i + n) % NOTES.length],
            author_id: agent.id,
            created_at: at(2 + n * 18),
          })),
        );
      }
      if (agent && i % 3 !== 2 && status !== 'lost') {
        const due = new Date(now.getTime() + (((i * 37) % 9) - 3) * DAY_MS + 3_600_000);
        const done = status === 'booked' ? at(30) : null;
        await m.getRepository(LeadTask).insert({
          lead_id: leadId,
          assignee_id: agent.id,
          title: TASKS[i % TASKS.length],
          due_at: due,
          done_at: done,
          // Overdue demo tasks count as reminded: a fresh start mails nobody.
          reminded_at: due <= now ? due : null,
          created_by: agent.id,
          created_at: at(1),
        });
      }
    }
  }
}

/** One of `list`, the first ones likelier: weights n, n - 1, …, 1. */
function weightedPick<T>(list: readonly T[], random: () => number): T {
  const n = list.length;
  let ticket = random() * ((n * (n + 1)) / 2);
  for (let i = 0; i < n; i++) {
    ticket -= n - i;
    if (ticket < 0) return list[i];
  }
  return list[n - 1];
}
