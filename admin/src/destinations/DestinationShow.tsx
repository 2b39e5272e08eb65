import { ImageField, Show, SimpleShowLayout, TextField, FunctionField, type RaRecord } from 'react-admin';

export function DestinationShow() {
  return (
    <Show title="Destination Details">
      <SimpleShowLayout>
        <FunctionField label="ID" render={(r: RaRecord) => `#${r.id}`} />
        <TextField source="name" />
        <TextField source="location" />
        <TextField source="description" />
        <TextField source="status" />
        <ImageField
          source="main_image"
          label="Main image"
          sx={{ '& img': { maxWidth: 480, maxHeight: 240, objectFit: 'cover' } }}
        />
        <ImageField source="gallery_images" src="image" label="Gallery" sx={{ '& img': { maxHeight: 90 } }} />
        <ImageField
          source="hotel_images"
          src="image"
          label="Hotel images"
          emptyText="-"
          sx={{ '& img': { maxHeight: 90 } }}
        />
        <FunctionField
          label="Things to do"
          render={(r: RaRecord) =>
            (r.things_to_do ?? []).map((t: { title: string }) => t.title).join(', ') || 'No activities added'
          }
        />
      </SimpleShowLayout>
    </Show>
  );
}
