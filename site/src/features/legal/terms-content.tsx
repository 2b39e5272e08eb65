import { BRAND } from '../../config/brand';

/** Terms of service: reservations and payment, prices, cancellations, promotional rates. */
export function TermsContent() {
  return (
    <div className="prose">
      <p>
        Estos términos regulan la reserva de paquetes de viaje ofrecidos por {BRAND.name}. Al solicitar o pagar una
        reserva aceptas las condiciones que se describen a continuación.
      </p>
      <h2>1. Reservas y pagos</h2>
      <p>
        Una reserva queda confirmada únicamente cuando recibimos el pago correspondiente. Aceptamos tarjetas de crédito,
        tarjetas de débito y transferencias bancarias. Una vez acreditado el pago te enviaremos la confirmación por
        correo electrónico con el detalle de tu paquete.
      </p>
      <h2>2. Precios</h2>
      <p>
        Los precios se expresan en dólares estadounidenses (USD) y pueden cambiar sin previo aviso según la
        disponibilidad de los hoteles y proveedores. El precio que se respeta es el vigente al momento de confirmar y
        pagar tu reserva.
      </p>
      <h2>3. Cancelaciones y reembolsos</h2>
      <ul>
        <li>
          Las cancelaciones solicitadas con al menos 7 días de anticipación a la fecha de llegada reciben un reembolso
          parcial.
        </li>
        <li>Las cancelaciones con menos de 7 días de anticipación no son reembolsables.</li>
        <li>
          Las tarifas promocionales y las ofertas especiales pueden no ser reembolsables; esta condición se indica antes
          de pagar.
        </li>
      </ul>
      <h2>4. Cambios de fechas</h2>
      <p>
        Los cambios de fechas están sujetos a la disponibilidad del hotel y pueden generar diferencias de tarifa. Se
        requiere un aviso mínimo de 15 días antes de la fecha de llegada.
      </p>
      <h2>5. Responsabilidad del viajero</h2>
      <p>
        Cada viajero es responsable de contar con la documentación necesaria (pasaporte, visas, permisos) y de cumplir
        las políticas de los hoteles y aerolíneas. Los vuelos no forman parte de los paquetes salvo que se indique lo
        contrario.
      </p>
      <h2>6. Contacto</h2>
      <p>
        Para cualquier consulta sobre estos términos escríbenos a{' '}
        <a href={`mailto:${BRAND.infoEmail}`}>{BRAND.infoEmail}</a> o llámanos al {BRAND.phones[0].label}.
      </p>
    </div>
  );
}
