import { PATHS } from '@shared/paths';
import { Link } from 'react-router';
import { BRAND } from '../../config/brand';
import { PRIVACY } from '../../config/privacy';

/**
 * Privacy policy: data collected, use, sharing, cookies, user rights (the spec's topics), and what
 * the notice under the forms promises: who is responsible, retention periods, how to use the rights.
 */
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
      <h2>5. Responsable y finalidad</h2>
      <p>
        El responsable de tus datos es {PRIVACY.controller}. Los usamos para atender tu solicitud de reserva o tu
        mensaje, y para gestionar tu cuenta si creas una. Solo te enviamos ofertas por correo si marcas «
        {PRIVACY.marketingLabel}» en el formulario o en tu cuenta; puedes retirar ese permiso cuando quieras desde la
        configuración de tu cuenta (botón Edit) o con el enlace de baja de cualquiera de nuestros correos.
      </p>
      <h2>6. Cuánto tiempo guardamos tus datos</h2>
      <ul>
        <li>
          Solicitudes de reserva y mensajes de contacto: {PRIVACY.retentionMonths} meses desde que los envías. Después
          los anonimizamos: borramos tu nombre, correo y teléfono, y solo conservamos el destino, las fechas y el estado
          para nuestras estadísticas.
        </li>
        <li>
          Cuentas cuyo correo nunca se verificó: se eliminan a los {PRIVACY.unverifiedAccountDays} días de crearse.
        </li>
        <li>
          Correos con códigos de verificación o enlaces de acceso: se borran {PRIVACY.codeMailDays} días después de
          enviarse.
        </li>
        <li>Tu cuenta verificada: mientras la mantengas. Si la eliminas, la borramos en ese momento.</li>
      </ul>
      <h2>7. Tus derechos y cómo ejercerlos</h2>
      <p>
        Puedes solicitar en cualquier momento el acceso, la corrección o la eliminación de tus datos, así como oponerte
        a su uso, pedir que se limite o recibirlos en un formato portable. Si tienes una cuenta, puedes hacerlo tú mismo
        desde <Link to={PATHS.account}>tu cuenta</Link>:
      </p>
      <ul>
        <li>
          «Descargar mis datos» guarda un archivo con tu perfil, tus solicitudes, tus mensajes y tus consentimientos.
        </li>
        <li>«Eliminar mi cuenta» borra tu cuenta, cierra tus sesiones y anonimiza tus solicitudes y mensajes.</li>
        <li>En Edit puedes corregir tus datos y marcar o desmarcar «{PRIVACY.marketingLabel}».</li>
      </ul>
      <p>
        Si no tienes cuenta, o prefieres que lo hagamos nosotros, escríbenos a{' '}
        <a href={`mailto:${PRIVACY.contactEmail}`}>{PRIVACY.contactEmail}</a> desde el correo con el que nos contactaste
        y te responderemos a la brevedad. También puedes reclamar ante la Agencia Española de Protección de Datos
        (aepd.es).
      </p>
      <h2>8. Correos automáticos</h2>
      <p>
        Cada correo automático que te enviamos sobre una solicitud (avisos y seguimientos) incluye un enlace para dejar
        de recibirlos. Con un clic dejamos de enviarte correos automáticos a esa dirección y guardamos constancia de tu
        decisión.
      </p>
      <h2>9. Seguridad</h2>
      <p>
        Guardamos tus datos con medidas de seguridad técnicas y organizativas, y solo durante el tiempo necesario para
        los fines descritos o el que exija la ley.
      </p>
      <h2>10. Contacto</h2>
      <p>
        Para cualquier pregunta sobre tus datos escríbenos a{' '}
        <a href={`mailto:${PRIVACY.contactEmail}`}>{PRIVACY.contactEmail}</a> o usa nuestro{' '}
        <Link to={PATHS.contacto}>formulario de contacto</Link>.
      </p>
    </div>
  );
}
