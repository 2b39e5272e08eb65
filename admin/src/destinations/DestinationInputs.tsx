import { BooleanInput, ImageField, ImageInput, SelectInput, TextInput } from 'react-admin';
import { DESTINATION_STATUSES, LIMITS } from '@shared/limits';
import { DESTINATION_RULES } from '@shared/rules/destination';
import { rule } from '../common/rules';
import { imagesRule } from './imageRules';

const STATUS_CHOICES = DESTINATION_STATUSES.map((id) => ({ id, name: `app.destinations.${id}` }));
const preview = { '& img': { maxHeight: 110, objectFit: 'cover' } };

export function DestinationInputs({ editing }: { editing?: boolean }) {
  return (
    <>
      <TextInput
        source="name"
        validate={rule(DESTINATION_RULES.name, true)}
        slotProps={{ htmlInput: { maxLength: LIMITS.destination.name } }}
      />
      <TextInput
        source="location"
        validate={rule(DESTINATION_RULES.location, true)}
        slotProps={{ htmlInput: { maxLength: LIMITS.destination.location } }}
      />
      <TextInput source="description" multiline minRows={3} validate={rule(DESTINATION_RULES.description, true)} />
      {editing && <SelectInput source="status" choices={STATUS_CHOICES} validate={rule(DESTINATION_RULES.status)} />}
      <BooleanInput source="is_priority" />
      <ImageInput
        source="main_picture"
        helperText="app.destinations.main_help"
        validate={imagesRule('main_image', true)}
        sx={preview}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      <ImageInput
        source="gallery"
        multiple
        helperText="app.destinations.images_help"
        validate={imagesRule('gallery_images')}
        sx={preview}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      <ImageInput
        source="hotel"
        multiple
        helperText="app.destinations.images_help"
        validate={imagesRule('hotel_images')}
        sx={preview}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
    </>
  );
}
