import { CREATE_LEAD_INTAKE_V1 } from '../../database/migrations/mysql/1796400000000-LeadIntakeProcedure';
import { CREATE_LEAD_CODE_SEND_V1 } from '../../database/migrations/mysql/1796500000000-LeadCodeProcedures';
import { outboxStatement } from '../../mail/outbox.service';
import { READ_CONTEXT, READ_CONTEXT_AND_VERIFICATION } from './lead-intake.repository';

/**
 * The lead intake decides in two places: in TypeScript on SQLite, in a stored procedure on MySQL
 * and MariaDB (frozen in its migration). The e2e suite runs the lead tests on both; this holds the
 * read they decide from to one text, so that a change of the rules in one is seen in the other.
 */
describe('the lead intake procedure (MySQL) and the SQLite intake', () => {
  const squash = (sql: string) => sql.replace(/\s+/g, ' ').trim();
  /** The procedure's parameters, in the order of READ_CONTEXT's placeholders (contextParams). */
  const PARAMS = [
    'p_destination_id',
    'p_email',
    'p_destination_id',
    'p_repeat_since',
    'p_email',
    'p_email',
    'p_email',
    "NULLIF(p_phone, '')",
  ];

  it('reads the same context, with its parameters for the placeholders', () => {
    let i = 0;
    const read = READ_CONTEXT.replace(/\?/g, () => PARAMS[i++]);
    expect(i).toBe(PARAMS.length);
    expect(squash(CREATE_LEAD_INTAKE_V1)).toContain(
      `${squash(read)} INTO v_destination, v_repeat, v_earlier, v_account, v_same_email, v_same_phone, v_agent;`,
    );
  });

  it('checks the verification as the SQLite read does, on the locked row', () => {
    const verified = squash(READ_CONTEXT_AND_VERIFICATION).match(
      /\(SELECT (`verified_at` IS NOT NULL AND `verified_at` >= \?)/,
    )?.[1];
    expect(verified).toBeDefined();
    expect(squash(CREATE_LEAD_INTAKE_V1)).toContain(
      `SELECT (${verified!.replace('?', 'p_verified_since')}) INTO v_verified FROM \`lead_email_verifications\` WHERE \`email\` = p_email FOR UPDATE;`,
    );
  });

  it("writes the code's e-mail with the outbox's own columns, from outboxStatement's parameters", () => {
    const plain = outboxStatement(
      { to: 'a@example.com', subject: 's', text: 't', html: 'h' },
      { kind: 'k', label: 'l', usefulForMs: 1 },
    );
    const columns = (sql: string) => squash(sql).match(/INSERT INTO `outbox` \(([^)]*)\)/)?.[1];
    expect(columns(CREATE_LEAD_CODE_SEND_V1)).toBeDefined();
    expect(columns(CREATE_LEAD_CODE_SEND_V1)).toBe(columns(plain.sql));
    // Its values: the eleven parameters, with attempts 0 where the plain insert has it.
    expect(plain.params((d) => d)).toHaveLength(11);
    expect(squash(CREATE_LEAD_CODE_SEND_V1)).toContain(
      'VALUES (p_kind, p_ref_id, p_label, p_to, p_reply_to, p_subject, p_text, p_html, 0, p_next_attempt_at, p_discard_after, p_created_at)',
    );
    expect(squash(plain.sql)).toContain('VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)');
  });
});
