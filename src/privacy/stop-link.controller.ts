import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { ActionResult } from '../../shared/api/account';
import { STOP_LINK_PATH } from '../mail/stop-links.service';
import { ActionResultDto } from '../users/dto/account-responses.dto';
import { confirmStopPage, stoppedPage } from './stop-link-page';
import { STOP_LINK_MESSAGES, StopLinkService } from './stop-link.service';

const STOP_LIMIT = { name: 'mail-stop', limit: 30, windowMs: 900_000 };

/** A browser sending the page's form asks for HTML first; a mail provider's one-click POST does not. */
const wantsPage = (request: FastifyRequest) => /text\/html/i.test(String(request.headers.accept ?? ''));

/**
 * The stop link of the automated e-mails to leads. Its GET only shows a page in Spanish with a
 * button, and changes nothing: mail scanners and link previews fetch the links of a mail, and
 * must not withdraw the person's consent. The POST stops the mail: the page's button, or RFC
 * 8058's one-click sent by the mail provider (`List-Unsubscribe=One-Click`, form-encoded, no
 * cookie or CSRF token: the signed link is the proof). It answers the page again to a browser, a
 * JSON confirmation otherwise. A link this server did not sign is a 404.
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
  @ApiOperation({
    summary: 'The page of the stop link in the e-mails to leads: a button that confirms (changes nothing by itself)',
    description:
      'Answers a short page in Spanish whose button POSTs the one-click form to the same link. Following the link (or a mail scanner fetching it) stops nothing.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'A page asking to confirm the stop.', schema: { type: 'string' } })
  @RateLimit(STOP_LIMIT)
  page(
    @Param('address') address: string,
    @Param('signature') signature: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    this.stops.check(address, signature);
    void reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return confirmStopPage();
  }

  @Post(':address/:signature')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Stop every automated e-mail to an address: the page’s button, or RFC 8058’s one-click (List-Unsubscribe-Post)',
    description:
      'Records the stop (mail_suppressions), withdraws the marketing consent of the address’s leads and account. The lead code mail, which the visitor asks for, is still sent. Answers the confirmation page to a browser (Accept: text/html), JSON otherwise.',
  })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({
    required: false,
    schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
  })
  @ApiProduces('application/json', 'text/html')
  @ApiOkResponse({ type: ActionResultDto })
  @RateLimit(STOP_LIMIT)
  async oneClick(
    @Param('address') address: string,
    @Param('signature') signature: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ActionResult | string> {
    await this.stops.stop(address, signature);
    if (!wantsPage(request)) return { success: true, message: STOP_LINK_MESSAGES.done };
    void reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return stoppedPage(STOP_LINK_MESSAGES.done);
  }
}
