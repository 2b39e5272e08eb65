import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsISO8601, IsOptional, IsString, Length, Min, ValidateIf } from 'class-validator';
import { NOTE_MAX_CHARS, TASK_TITLE_MAX_CHARS, TIMELINE_KINDS } from '../../../../shared/api/lead-desk';

/** POST /api/admin/lead-notes */
export class CreateLeadNoteDto {
  @ApiProperty({ example: 12 })
  @IsInt({ message: 'lead_id must be a lead id.' })
  @Min(1, { message: 'lead_id must be a lead id.' })
  lead_id: number;

  @ApiProperty({ minLength: 1, maxLength: NOTE_MAX_CHARS, example: 'Prefiere que le llamen por la tarde.' })
  @IsString({ message: 'text must be text.' })
  @Length(1, NOTE_MAX_CHARS, { message: `text must have 1 to ${NOTE_MAX_CHARS} characters.` })
  text: string;
}

export class LeadNoteDto {
  @ApiProperty() id: number;
  @ApiProperty() lead_id: number;
  @ApiProperty() text: string;
  @ApiProperty({ type: Number, nullable: true }) author_id: number | null;
  @ApiProperty({ type: String, nullable: true }) author_name: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** POST /api/admin/tasks */
export class CreateTaskDto {
  @ApiProperty({ example: 12 })
  @IsInt({ message: 'lead_id must be a lead id.' })
  @Min(1, { message: 'lead_id must be a lead id.' })
  lead_id: number;

  @ApiProperty({ minLength: 1, maxLength: TASK_TITLE_MAX_CHARS, example: 'Llamar para confirmar fechas' })
  @IsString({ message: 'title must be text.' })
  @Length(1, TASK_TITLE_MAX_CHARS, { message: `title must have 1 to ${TASK_TITLE_MAX_CHARS} characters.` })
  title: string;

  @ApiProperty({ format: 'date-time', example: '2026-12-01T10:00:00.000Z' })
  @IsISO8601({ strict: true }, { message: 'due_at must be an ISO 8601 date and time.' })
  due_at: string;

  @ApiPropertyOptional({ description: 'An active agent or admin; the caller when left out.', example: 3 })
  @IsOptional()
  @IsInt({ message: 'assignee_id must be a user id.' })
  @Min(1, { message: 'assignee_id must be a user id.' })
  assignee_id?: number;
}

/** Validated whenever the field is sent, null included (an update leaves out what it does not change; null is no value). */
const Present = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** PUT /api/admin/tasks/{id}: any of the fields; `done` true marks it done now, false reopens it. */
export class UpdateTaskDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: TASK_TITLE_MAX_CHARS })
  @Present()
  @IsString({ message: 'title must be text.' })
  @Length(1, TASK_TITLE_MAX_CHARS, { message: `title must have 1 to ${TASK_TITLE_MAX_CHARS} characters.` })
  title?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @Present()
  @IsISO8601({ strict: true }, { message: 'due_at must be an ISO 8601 date and time.' })
  due_at?: string;

  @ApiPropertyOptional({ description: 'An active agent or admin.' })
  @Present()
  @IsInt({ message: 'assignee_id must be a user id.' })
  @Min(1, { message: 'assignee_id must be a user id.' })
  assignee_id?: number;

  @ApiPropertyOptional({ description: 'true sets done_at to now (kept if already done); false clears it.' })
  @Present()
  @IsBoolean({ message: 'done must be true or false.' })
  done?: boolean;
}

export class TaskDto {
  @ApiProperty() id: number;
  @ApiProperty() lead_id: number;
  @ApiProperty({ type: Number, nullable: true }) assignee_id: number | null;
  @ApiProperty({ type: String, nullable: true }) assignee_name: string | null;
  @ApiProperty() title: string;
  @ApiProperty({ format: 'date-time' }) due_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) done_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class TimelineEntryDto {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ enum: TIMELINE_KINDS }) kind: string;
  @ApiProperty({ type: Number, nullable: true }) actor_id: number | null;
  @ApiProperty({ type: String, nullable: true }) actor_name: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'status, assigned' }) from?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'status, assigned' }) to?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'assigned' }) from_name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'assigned' }) to_name?: string | null;
  @ApiPropertyOptional({ description: 'note' }) note_id?: number;
  @ApiPropertyOptional({ description: 'note' }) text?: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'email' }) subject?: string | null;
  @ApiPropertyOptional({ description: 'task' }) task_id?: number;
  @ApiPropertyOptional({ description: 'task' }) title?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'task' }) due_at?: string;
  @ApiPropertyOptional({ description: 'task' }) done?: boolean;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'merged, duplicate, related: the other lead' })
  lead_id?: number | null;
}
