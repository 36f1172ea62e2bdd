import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { useParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { cupRankCategoriesQuery, deleteCupRankCategory, saveCupRankCategory } from '../api/categories';
import { CupRankCategoryForm } from '../components/cup-rank-category-form';
import { CategoryTable } from '../components/category-table';

export function CupRankCategoriesPage() {
  const { t } = useTranslation();
  const id = Number(useParams().organizationId);
  const categories = useQuery(cupRankCategoriesQuery(id));
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['organizations', id] });

  return (
    <CategoryTable
      items={categories.data}
      addLabel={t('categories.addCup')}
      emptyText={t('categories.emptyCup')}
      columns={[
        { label: t('categories.name'), value: (item) => item.name },
        { label: t('categories.numberOfRanks'), value: (item) => item.numberOfRanks },
        { label: t('categories.level'), value: (item) => item.level },
        { label: t('categories.firstPlacePoints'), value: (item) => item.rankPoints[0] ?? 0 },
      ]}
      form={(item, close) => (
        <CupRankCategoryForm
          category={item}
          onSubmit={async (body) => {
            await saveCupRankCategory(id, item?.id ?? null, body);
            close();
            await refresh();
            notify({ type: 'success', message: t('categories.saved') });
          }}
        />
      )}
      onDelete={async (item) => {
        try {
          await deleteCupRankCategory(id, item.id);
          await refresh();
          notify({ type: 'success', message: t('categories.deleted') });
        } catch (error) {
          notifyError(error);
        }
      }}
    />
  );
}
