import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { WritesData } from '../common/decorators/writes-data.decorator';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { ActionResult } from '../../shared/api/account';
import { escapeHtml } from '../../shared/rules/primitives';
import { STOP_LINK_PATH } from '../mail/stop-links.service';
import { ActionResultDto } from '../users/dto/account-responses.dto';
import { STOP_LINK_MESSAGES, StopLinkService } from './stop-link.service';

const STOP_LIMIT = { name: 'mail-stop', limit: 30, windowMs: 900_000 };

/** A small page in Spanish, for the person who clicked the link in their mail. */
function stoppedPage(message: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Correos desactivados</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2933;line-height:1.5"><h1 style="font-size:1.4rem">Correos desactivados</h1><p>${escapeHtml(message)}</p><p style="color:#52606d">Si pides un código de verificación en el sitio, te lo seguiremos enviando: solo lo recibes cuando tú lo solicitas.</p></body></html>`;
}

/**
 * The one-click stop link of the automated e-mails to leads: GET (a person following the link)
 * answers a page, POST (RFC 8058's one-click, sent by the mail provider with
 * `List-Unsubscribe=One-Click`) a JSON confirmation. Both do the same; a link this server did not
 * sign is a 404.
 */
@ApiTags('mail')
@ApiParam({ name: 'address', description: 'SHA-256 of the address, hexadecimal written with the letters a–p.' })
@ApiParam({ name: 'signature', description: 'The server’s HMAC of the address token, written the same way.' })
@ApiNotFoundResponse({ description: 'A link this server did not sign.' })
@Public()
@Controller(STOP_LINK_PATH)
export class StopLinkController {
  constructor(private readonly stops: StopLinkService) {}

  @Get(':address/:signature')
  @WritesData()
  @ApiOperation({
    summary: 'Stop every automated e-mail to an address (the link in the e-mails to leads)',
    description:
      'Records the stop (mail_suppressions), withdraws the marketing consent of the address’s leads and account, and answers a short page in Spanish. The lead code mail, which the visitor asks for, is still sent.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'A page confirming the stop.', schema: { type: 'string' } })
  @RateLimit(STOP_LIMIT)
  async page(
    @Param('address') address: string,
    @Param('signature') signature: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.stops.stop(address, signature);
    void reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return stoppedPage(STOP_LINK_MESSAGES.done);
  }

  @Post(':address/:signature')
  @HttpCode(200)
  @ApiOperation({
    summary: 'One-click stop (RFC 8058: List-Unsubscribe-Post), the same as the GET',
  })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({
    required: false,
    schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
  })
  @ApiOkResponse({ type: ActionResultDto })
  @RateLimit(STOP_LIMIT)
  async oneClick(@Param('address') address: string, @Param('signature') signature: string): Promise<ActionResult> {
    await this.stops.stop(address, signature);
    return { success: true, message: STOP_LINK_MESSAGES.done };
  }
}
