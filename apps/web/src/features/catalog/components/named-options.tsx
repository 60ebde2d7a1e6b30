/** The `<option>`s of a list of categories or makes: each one's id as the value, its name as the text. */
export function NamedOptions({ items }: { items: { _id: string; name: string }[] | undefined }) {
  return items?.map((item) => (
    <option key={item._id} value={item._id}>
      {item.name}
    </option>
  ));
}
