import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { useParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { ageCategoriesQuery, deleteAgeCategory, saveAgeCategory } from '../api/categories';
import { AgeCategoryForm } from '../components/age-category-form';
import { CategoryTable } from '../components/category-table';

export function AgeCategoriesPage() {
  const { t } = useTranslation();
  const id = Number(useParams().organizationId);
  const categories = useQuery(ageCategoriesQuery(id));
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['organizations', id] });

  return (
    <CategoryTable
      items={categories.data}
      addLabel={t('categories.addAge')}
      emptyText={t('categories.emptyAge')}
      columns={[
        { label: t('categories.name'), value: (item) => item.name },
        { label: t('categories.ages'), value: (item) => (item.toAge === null ? `${item.fromAge}+` : `${item.fromAge}–${item.toAge}`) },
      ]}
      form={(item, close) => (
        <AgeCategoryForm
          category={item}
          onSubmit={async (body) => {
            await saveAgeCategory(id, item?.id ?? null, body);
            close();
            await refresh();
            notify({ type: 'success', message: t('categories.saved') });
          }}
        />
      )}
      onDelete={async (item) => {
        try {
          await deleteAgeCategory(id, item.id);
          await refresh();
          notify({ type: 'success', message: t('categories.deleted') });
        } catch (error) {
          notifyError(error);
        }
      }}
    />
  );
}
