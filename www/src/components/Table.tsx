// The parts every table of the planner repeats: a column's heading, and the one row of a table
// that has none, saying why.
import type { ComponentChildren } from 'preact';

/** A column's heading; `align` sets a column of figures (`num`) or of text (`right`) to the right. */
export function Col({ children, align }: { children?: ComponentChildren; align?: 'num' | 'right' }) {
  return (
    <th scope="col" class={align}>
      {children}
    </th>
  );
}

/** The row a table shows in place of its rows when `when` holds: `children` across `columns`. */
export function EmptyRow({ columns, when, children }: { columns: number; when: boolean; children: ComponentChildren }) {
  return when ? (
    <tr>
      <td colSpan={columns} class="empty">
        {children}
      </td>
    </tr>
  ) : null;
}
