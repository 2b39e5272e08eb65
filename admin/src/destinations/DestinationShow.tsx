import { ImageField, Show, SimpleShowLayout, TextField, FunctionField, useTranslate, type RaRecord } from 'react-admin';
import { RecordHistory } from '../common/RecordHistory';

export function DestinationShow() {
  const translate = useTranslate();
  return (
    <Show title="app.destinations.show_title">
      <SimpleShowLayout>
        <FunctionField source="id" render={(r: RaRecord) => `#${r.id}`} />
        <TextField source="name" />
        <TextField source="location" />
        <TextField source="description" />
        <FunctionField
          source="status"
          render={(r: RaRecord) => translate(`app.destinations.${r.status}`, { _: r.status })}
        />
        <ImageField source="main_image" sx={{ '& img': { maxWidth: 480, maxHeight: 240, objectFit: 'cover' } }} />
        <ImageField source="gallery_images" src="image" sx={{ '& img': { maxHeight: 90 } }} />
        <ImageField source="hotel_images" src="image" emptyText="-" sx={{ '& img': { maxHeight: 90 } }} />
        <FunctionField
          source="things_to_do"
          render={(r: RaRecord) =>
            (r.things_to_do ?? []).map((t: { title: string }) => t.title).join(', ') ||
            translate('app.destinations.no_activities')
          }
        />
      </SimpleShowLayout>
      <RecordHistory resources={['destinations']} />
    </Show>
  );
}
