import { Button } from "./Button.tsx";
import { Icon } from "./Icon.tsx";
import { PageHeader } from "./PageHeader.tsx";
import { SearchInput } from "./SearchInput.tsx";

/** A list page's header: its title, the search box and the add button (the spec's list pages). */
export function SearchAddHeader(props: {
  title: string;
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <PageHeader title={props.title}>
      <SearchInput label={props.searchLabel} value={props.search} onChange={props.onSearch} />
      <Button onPress={props.onAdd}>
        <Icon name="add" size={18} />
        {props.addLabel}
      </Button>
    </PageHeader>
  );
}
