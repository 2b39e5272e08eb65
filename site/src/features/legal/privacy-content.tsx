import { BRAND } from '../../config/brand';

/** Privacy policy: data collected, use, sharing, cookies, user rights. */
export function PrivacyContent() {
  return (
    <div className="prose">
      <p>
        En {BRAND.name} protegemos tus datos personales. Esta política explica qué información recopilamos, cómo la
        usamos y qué derechos tienes sobre ella.
      </p>
      <h2>1. Datos que recopilamos</h2>
      <ul>
        <li>Datos de contacto que nos das en los formularios: nombre, apellido, correo electrónico y teléfono.</li>
        <li>El destino que te interesa y, si nos lo indicas, tus fechas de viaje.</li>
        <li>Los datos de tu cuenta, si creas una: nombre, correo, teléfono y una contraseña cifrada.</li>
        <li>Datos técnicos básicos de navegación, como la dirección IP y el tipo de navegador.</li>
      </ul>
      <h2>2. Cómo usamos tus datos</h2>
      <p>
        Usamos tu información para contactarte sobre el viaje que solicitaste, verificar tu correo electrónico,
        gestionar tus reservas, responder tus mensajes y mejorar nuestros servicios. No enviamos publicidad sin tu
        consentimiento.
      </p>
      <h2>3. Con quién los compartimos</h2>
      <p>
        Solo compartimos los datos necesarios con los hoteles, resorts y proveedores que intervienen en tu reserva, y
        con proveedores de servicios que nos ayudan a operar (por ejemplo, el envío de correos). Nunca vendemos tus
        datos personales.
      </p>
      <h2>4. Cookies y almacenamiento local</h2>
      <p>
        Usamos el almacenamiento local de tu navegador para mantener tu sesión iniciada y recordar qué ofertas ya viste,
        y cookies técnicas para proteger los formularios. Puedes borrarlas desde la configuración de tu navegador.
      </p>
      <h2>5. Tus derechos</h2>
      <p>
        Puedes solicitar en cualquier momento el acceso, la corrección o la eliminación de tus datos, así como oponerte
        a su uso. Escríbenos a <a href={`mailto:${BRAND.infoEmail}`}>{BRAND.infoEmail}</a> y te responderemos a la
        brevedad.
      </p>
      <h2>6. Seguridad y conservación</h2>
      <p>
        Guardamos tus datos con medidas de seguridad técnicas y organizativas, y solo durante el tiempo necesario para
        los fines descritos o el que exija la ley.
      </p>
    </div>
  );
}
