import { SearchInput, useTranslate, type SearchInputProps } from 'react-admin';

/** The lists' search box, with its hint in the current language. */
export function SearchFilter(props: SearchInputProps) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('app.common.search')} />;
}
