import { Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';

interface CategoryTableProps<Item extends { id: number; name: string }> {
  items: Item[] | undefined;
  columns: { label: string; value: (item: Item) => ReactNode }[];
  addLabel: string;
  emptyText: string;
  form: (item: Item | null, close: () => void) => ReactNode;
  onDelete: (item: Item) => Promise<void>;
}

/** A list of an organization's categories with add, edit (in a dialog) and delete (confirmed). */
export function CategoryTable<Item extends { id: number; name: string }>({ items, columns, addLabel, emptyText, form, onDelete }: CategoryTableProps<Item>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const close = () => setEditing(null);

  return (
    <Stack gap="md">
      <Button style={{ alignSelf: 'flex-start' }} onClick={() => setEditing('new')}>
        {addLabel}
      </Button>
      {items === undefined && <Text c="dimmed">{t('app.loading')}</Text>}
      {items?.length === 0 && <Text c="dimmed">{emptyText}</Text>}
      {items !== undefined && items.length > 0 && (
        <div style={{ overflowX: 'auto' }}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.label}>{column.label}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  {columns.map((column) => (
                    <Table.Td key={column.label}>{column.value(item)}</Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={4} justify="flex-end">
                      <Button size="xs" variant="subtle" onClick={() => setEditing(item)} aria-label={`${t('common.edit')}: ${item.name}`}>
                        {t('common.edit')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(item)} aria-label={`${t('common.delete')}: ${item.name}`}>
                        {t('common.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Modal opened={editing !== null} onClose={close} title={editing === 'new' ? addLabel : t('common.edit')} size="lg">
        {editing !== null && form(editing === 'new' ? null : editing, close)}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('common.delete')}>
        {deleting !== null && (
          <Stack>
            <Text>{t('common.deleteConfirm', { name: deleting.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('common.cancel')}
              </Button>
              <Button color="red" onClick={() => void onDelete(deleting).then(() => setDeleting(null))}>
                {t('common.delete')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
