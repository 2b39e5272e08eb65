import { LEAD_FLOW_MESSAGES, LEAD_MESSAGES } from '@shared/rules/lead';

/** The site's texts of the lead flow (SPEC sections 4 and 8); shared texts come from @shared. */
export const LEAD_TEXT = {
  title: 'Reserva tu cupo ahora',
  pageTitle: 'Reserva tu cupo ahora y recibe hasta 40% OFF',
  submit: 'Reservar',
  busy: 'Reservando...',
  codeTitle: 'Confirma tu correo electrónico',
  codeSent: (email: string) => `Enviamos un código de 4 dígitos a ${email}. Escríbelo para confirmar tu reserva.`,
  codeLabel: '4-digit code',
  verify: 'Confirmar',
  verifying: 'Confirmando...',
  resend: 'Reenviar código',
  resendIn: (s: number) => `Puedes pedir otro código en ${s} s`,
  resent: 'Te enviamos un código nuevo.',
  thanksTitle: '¡Gracias! Recibimos tu solicitud',
  thanksText: 'Nuestro equipo te llamará en las próximas horas para completar tu reserva.',
  thanksBenefit: 'Llámanos ahora y obtén un beneficio adicional en tu viaje:',
  sendFailedThrown: LEAD_FLOW_MESSAGES.sendFailed,
  sendDefault: 'Error sending verification email.',
  codeInvalid: LEAD_MESSAGES.confirmationCodeInvalid,
  createFailed: LEAD_FLOW_MESSAGES.createFailed,
  privacyPurpose: 'atender tu solicitud de reserva y llamarte con la tarifa',
} as const;
