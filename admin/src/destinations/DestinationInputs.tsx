import { BooleanInput, ImageField, ImageInput, SelectInput, TextInput } from 'react-admin';
import { DESTINATION_STATUSES, LIMITS } from '@shared/limits';
import { DESTINATION_RULES } from '@shared/rules/destination';
import { rule } from '../common/rules';
import { imagesRule } from './imageRules';

const STATUS_CHOICES = DESTINATION_STATUSES.map((id) => ({ id, name: id === 'active' ? 'Active' : 'Inactive' }));
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
      <BooleanInput source="is_priority" label="Priority" />
      <ImageInput
        source="main_picture"
        label="Main image"
        helperText="1900x900 pixels - Max 2MB"
        validate={imagesRule('main_image', true)}
        sx={preview}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      <ImageInput
        source="gallery"
        label="Gallery images"
        multiple
        helperText="JPG, PNG or WEBP - Max 2MB each"
        validate={imagesRule('gallery_images')}
        sx={preview}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      <ImageInput
        source="hotel"
        label="Hotel images (optional)"
        multiple
        helperText="JPG, PNG or WEBP - Max 2MB each"
        validate={imagesRule('hotel_images')}
        sx={preview}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
    </>
  );
}
