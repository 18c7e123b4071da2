import { expect, test, type Page } from '@playwright/test';
import {
  addColleague,
  ADMIN,
  dialogsSettled,
  EXPERT,
  logIn,
  openFromMenu,
  pickOption,
  userPage,
} from './helpers';

/** Picks an option of an antd Select by clicking it open and clicking the option's label. */
async function choose(page: Page, select: ReturnType<Page['locator']>, label: string) {
  await select.click();
  await pickOption(page, label);
}

/** The row of the expert's (or the administrator's) list that shows `text`. */
const rows = (page: Page) => page.getByTestId(/^common-word-row-\d+$/);
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

/** Fills and saves the open add/edit dialog; `scope` is the label of the scope option. */
async function fillWord(page: Page, category: string, content: string, scope?: string) {
  await expect(page.getByTestId('common-word-form-modal')).toBeVisible();
  await dialogsSettled(page);
  await page.locator('#commonWordForm_strCategory').fill(category);
  await page.locator('#commonWordForm_strContent').fill(content);
  if (scope) {
    await choose(page, page.locator('#commonWordForm_iScope'), scope);
  }
  await page.getByTestId('common-word-form-submit').click();
}

test('an expert keeps common words; a colleague sees the shared ones, not the private ones', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `E2E${Date.now() % 1_000_000}`;
  const texts = {
    private: `${tag} 私有：镜下见大量淋巴细胞浸润。`,
    shared: `${tag} 共享：未见恶性证据。`,
    institution: `${tag} 本院：建议免疫组化进一步明确。`,
  };
  await logIn(page, EXPERT);
  await openFromMenu(page, '/admin/CommonWords');
  await expect(page.getByTestId('common-word-table')).toBeVisible();

  // Both required fields say so on the spot, also for blanks only; nothing is saved.
  await page.getByTestId('common-word-add').click();
  await expect(page.getByTestId('common-word-form-modal')).toBeVisible();
  await dialogsSettled(page);
  await page.getByTestId('common-word-form-submit').click();
  await expect(page.getByText('该项不能为空')).toHaveCount(2);
  await page.locator('#commonWordForm_strCategory').fill('   ');
  await page.locator('#commonWordForm_strContent').fill('病理');
  await page.getByTestId('common-word-form-submit').click();
  await expect(page.getByText('该项不能为空')).toHaveCount(1);
  // The fields stop at their limits and say how much is used.
  await page.locator('#commonWordForm_strCategory').fill('长'.repeat(40));
  await expect(page.locator('#commonWordForm_strCategory')).toHaveValue('长'.repeat(32));
  await expect(page.getByTestId('common-word-form-modal')).toContainText('32 / 32');
  await page.getByTestId('common-word-form-cancel').click();
  await expect(page.getByTestId('common-word-form-modal')).toBeHidden();

  // One word of each scope (private is the default).
  await page.getByTestId('common-word-add').click();
  await fillWord(page, `${tag}-乳腺`, texts.private);
  await expect(page.getByText('常用语已添加')).toBeVisible();
  await expect(page.getByTestId('common-word-form-modal')).toBeHidden();
  await page.getByTestId('common-word-add').click();
  await fillWord(page, `${tag}-结论`, texts.shared, '共享 — 所有专家可用');
  await expect(page.getByTestId('common-word-form-modal')).toBeHidden();
  await page.getByTestId('common-word-add').click();
  await fillWord(page, `${tag}-建议`, texts.institution, '本院共享 — 同一机构的专家可用');
  await expect(page.getByTestId('common-word-form-modal')).toBeHidden();

  await page.locator('#commonWordFilters_strCategory').fill(tag);
  await page.getByTestId('common-word-search').click();
  await expect(rows(page)).toHaveCount(3);
  await expect(row(page, texts.private)).toContainText('私有');
  await expect(row(page, texts.shared)).toContainText('共享');
  await expect(row(page, texts.institution)).toContainText('本院共享');
  // The scope filter applies at once.
  await choose(page, page.locator('#commonWordFilters_iScope'), '共享');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, texts.shared)).toBeVisible();
  await page.getByTestId('common-word-reset').click();
  await page.locator('#commonWordFilters_strContent').fill(tag);
  await page.getByTestId('common-word-search').click();
  await expect(rows(page)).toHaveCount(3);

  // Edit: the dialog starts from the word; the change shows in the list.
  const edited = `${tag} 私有：镜下见少量淋巴细胞浸润。`;
  await row(page, texts.private)
    .getByTestId(/^common-word-edit-/)
    .click();
  await expect(page.locator('#commonWordForm_strContent')).toHaveValue(texts.private);
  await fillWord(page, `${tag}-乳腺`, edited);
  await expect(page.getByText('常用语已保存')).toBeVisible();
  await expect(row(page, edited)).toContainText('私有');
  await expect(row(page, texts.private)).toHaveCount(0);

  // Delete asks first: cancelled, the word stays; confirmed, it goes.
  await row(page, texts.institution)
    .getByTestId(/^common-word-delete-/)
    .click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(`删除常用语“${tag}-建议”？`);
  await dialogsSettled(page);
  await page.getByRole('button', { name: '取消', exact: true }).click();
  // Gone before the next click: a confirm still fading out would take it.
  await expect(page.locator('.ant-modal-confirm')).toBeHidden();
  await expect(row(page, texts.institution)).toBeVisible();
  await row(page, texts.institution)
    .getByTestId(/^common-word-delete-/)
    .click();
  await dialogsSettled(page);
  await page.getByTestId('common-word-delete-confirm').click();
  await expect(page.getByText('常用语已删除')).toBeVisible();
  await expect(row(page, texts.institution)).toHaveCount(0);
  await expect(rows(page)).toHaveCount(2);

  // A colleague of the same hospital: none of these are theirs; the shared one is available.
  const colleague = await userPage(
    browser,
    await addColleague(request, 'demo_expert', 4, '赵专家'),
  );
  try {
    const other = colleague.page;
    await openFromMenu(other, '/admin/CommonWords');
    await other.locator('#commonWordFilters_strContent').fill(tag);
    await other.getByTestId('common-word-search').click();
    await expect(other.getByTestId('common-word-table')).toContainText('暂无常用语');
    await other.getByTestId('common-word-view').getByText('可用的常用语').click();
    await other.locator('#usableWordFilters_strKeyword').fill(tag);
    await other.getByTestId('usable-word-search').click();
    const usable = other.getByTestId(/^usable-word-row-\d+$/);
    await expect(usable).toHaveCount(1);
    await expect(usable.first()).toContainText(texts.shared);
    await expect(usable.first()).toContainText('王专家');
    await expect(other.getByTestId('usable-word-table')).not.toContainText(edited);
  } finally {
    await colleague.close();
  }
});

test('in English: the expert’s screen and the administrators’ screen', async ({
  page,
  browser,
}) => {
  const tag = `EN${Date.now() % 1_000_000}`;
  const content = `${tag} No evidence of malignancy.`;
  const expert = await userPage(browser, EXPERT, '?lang=en');
  try {
    const p = expert.page;
    await openFromMenu(p, '/admin/CommonWords');
    await expect(p.getByTestId('common-word-view')).toContainText('My common words');
    await p.getByTestId('common-word-add').click();
    await expect(p.getByTestId('common-word-form-modal')).toBeVisible();
    await dialogsSettled(p);
    await expect(p.locator('.ant-modal-title')).toHaveText('Add common words');
    await p.getByTestId('common-word-form-submit').click();
    await expect(p.getByText('This field cannot be empty')).toHaveCount(2);
    await p.locator('#commonWordForm_strCategory').fill(`${tag}-Conclusion`);
    await p.locator('#commonWordForm_strContent').fill(content);
    await choose(p, p.locator('#commonWordForm_iScope'), 'Shared — Every expert');
    await p.getByTestId('common-word-form-submit').click();
    await expect(p.getByText('Common words added')).toBeVisible();
    await expect(row(p, content)).toContainText('Shared');
  } finally {
    await expert.close();
  }

  // The platform administrator manages every expert's words: edits the scope, then deletes.
  await logIn(page, ADMIN, '?lang=en');
  await openFromMenu(page, '/CommonWordManage');
  await expect(page.getByTestId('common-word-add')).toHaveCount(0);
  await page.locator('#commonWordFilters_strCategory').fill(tag);
  await page.locator('#commonWordFilters_strRealName').fill('王专家');
  await page.getByTestId('common-word-search').click();
  await expect(row(page, content)).toContainText('Demo Diagnostic Center');
  await row(page, content)
    .getByTestId(/^common-word-edit-/)
    .click();
  await expect(page.getByTestId('common-word-form-owner')).toContainText('Expert: 王专家');
  await dialogsSettled(page);
  await choose(page, page.locator('#commonWordForm_iScope'), 'Private — Only its owner');
  await page.getByTestId('common-word-form-submit').click();
  await expect(page.getByText('Common words saved')).toBeVisible();
  await expect(row(page, content)).toContainText('Private');
  await row(page, content)
    .getByTestId(/^common-word-delete-/)
    .click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(
    `Delete the common words "${tag}-Conclusion"?`,
  );
  await dialogsSettled(page);
  await page.getByTestId('common-word-delete-confirm').click();
  await expect(page.getByText('Common words deleted')).toBeVisible();
  await expect(row(page, content)).toHaveCount(0);
});
