import type { ContactSubmitRequest } from '@shared/api/leads';
import { LIMITS } from '@shared/limits';
import { CONTACT_FORM_RULES, CONTACT_MESSAGES } from '@shared/rules/contact';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PrivacyNotice } from '../../components/legal/privacy-notice';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { requestJson } from '../../session/http';
import './contact.css';

type ContactValues = Required<ContactSubmitRequest>;
const EMPTY: ContactValues = { firstName: '', lastName: '', phone: '', email: '', message: '' };

export const CONTACT_TEXT = {
  submit: 'Enviar mensaje',
  busy: 'Enviando...',
  sentTitle: '¡Mensaje enviado!',
  sentText: 'Gracias por escribirnos. Te responderemos muy pronto, normalmente en menos de 30 minutos.',
  failed: CONTACT_MESSAGES.submitFailed,
  privacyPurpose: 'responder a tu mensaje',
} as const;

/** The contact form: shared validation, 'Enviando...' while sending, a modal on success. */
export function ContactForm() {
  const { register, handleSubmit, reset, formState } = useForm<ContactValues>({ defaultValues: EMPTY });
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      const body: ContactSubmitRequest = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
      };
      await requestJson('/contact/submit/', { method: 'POST', body });
      setSent(true);
    } catch {
      setFailed(true);
    }
  });

  return (
    <>
      <form className="contact-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Formulario de contacto">
        <div className="form-grid">
          <TextField
            label="Nombre"
            required
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName', { validate: CONTACT_FORM_RULES.firstName })}
          />
          <TextField
            label="Apellido"
            required
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName', { validate: CONTACT_FORM_RULES.lastName })}
          />
          <TextField
            label="Correo electrónico"
            required
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email.max}
            error={errors.email?.message}
            {...register('email', { validate: CONTACT_FORM_RULES.email })}
          />
          <TextField
            label="Teléfono"
            type="tel"
            autoComplete="tel"
            maxLength={24}
            error={errors.phone?.message}
            {...register('phone', { validate: CONTACT_FORM_RULES.phone })}
          />
          <div className="form-grid__wide">
            <TextAreaField
              label="Mensaje"
              required
              rows={6}
              error={errors.message?.message}
              {...register('message', { validate: CONTACT_FORM_RULES.message })}
            />
          </div>
        </div>
        <p className="form-alert" role="alert">
          {failed ? CONTACT_TEXT.failed : ''}
        </p>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? CONTACT_TEXT.busy : CONTACT_TEXT.submit}
        </button>
        <PrivacyNotice purpose={CONTACT_TEXT.privacyPurpose} />
      </form>
      <Modal
        open={sent}
        title={CONTACT_TEXT.sentTitle}
        onClose={() => {
          setSent(false);
          reset(EMPTY);
        }}
      >
        <p>{CONTACT_TEXT.sentText}</p>
        <button
          type="button"
          className="button button--block"
          onClick={() => {
            setSent(false);
            reset(EMPTY);
          }}
        >
          Aceptar
        </button>
      </Modal>
    </>
  );
}
