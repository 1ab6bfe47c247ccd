import { registerMessages } from '@portal/providers';
import { LIBRARY_NAMESPACE } from '@portal/library-ui';

/**
 * Strings of the 3D / 2D model search pages (`shape.*` in the `library` namespace), registered when the pages'
 * lazy chunk loads rather than with every library page (issue 13: first-load weight). `shape.findSimilar`, which
 * detail pages show, stays in `i18n/item-messages.ts`. zh-CN first.
 */
export const shapeMessages = {
  'zh-CN': {
    shape: {
      title: { '3d': '3D 模型搜索', '2d': '2D 图形搜索' },
      intro: {
        '3d': '上传三维模型，按形状查找相似的条目；也可在条目详情页点击“找相似”。',
        '2d': '绘制草图或上传图片（图纸、照片），按外形轮廓查找相似的条目。',
      },
      otherLibraries: '材料库没有自己的三维模型：此处搜索零部件库和元器件库的模型。',
      privateMode: '企业库模式：此页搜索公共库。要在本企业已通过审核的条目中按形状查找，请到企业库。',
      privateModeSearch: '在本企业条目中查找',
      input: { '3d': '上传模型', '2d': '草图或图片' },
      tab: { sketch: '绘制草图', upload: '上传图片' },
      upload: {
        model: '点击或拖拽模型文件到此处',
        modelHint: 'STEP、STL、OBJ、GLB、glTF、WRL，不超过 50 MB（STEP 在浏览器中转换为网格）',
        image: '点击或拖拽图片到此处',
        imageHint: 'PNG、JPEG，不超过 10 MB',
        chosen: '已选择：{{name}}',
        stepConverting: '正在浏览器中读取 STEP 文件并转换为网格…',
        stepConverted: '已选择：{{name}}（已转换为 {{triangles}} 个三角形）',
        step: {
          unreadable: '无法读取 STEP 文件 {{name}}：文件已损坏或不是 STEP 格式',
          empty: 'STEP 文件 {{name}} 中没有可搜索的实体或曲面',
          failed: 'STEP 文件 {{name}} 转换失败：{{detail}}',
          unavailable: 'STEP 转换器无法加载，请在 CAD 软件中导出为 STL 或 GLB 后上传',
        },
        badExtension: '不支持的文件类型：{{name}}',
      },
      sketch: {
        pen: '画笔',
        line: '直线',
        circle: '圆',
        undo: '撤销',
        clear: '清空',
        search: '按草图搜索',
        canvas: '草图画板',
      },
      filters: {
        title: '筛选',
        minScore: '最低相似度：{{score}}%',
        includeSize: '考虑尺寸',
        includeSizeHint: '开启后，尺寸相差较大的模型相似度更低',
        ignoreMirrored: '忽略镜像',
        ignoreMirroredHint: '开启后，互为镜像的模型视为相同',
        libraries: '搜索的库',
        category: '分类',
        allCategories: '全部分类',
      },
      library: { part: '零部件', component: '元器件', mat: '材料' },
      results: '搜索结果',
      similarTo: '与 {{partNumber}} 形状相似的条目',
      total: '共 {{total}} 个条目达到最低相似度',
      totalAtLeast: '至少 {{total}} 个条目达到最低相似度',
      prompt: { '3d': '请上传模型文件开始搜索', '2d': '请绘制草图或上传图片开始搜索' },
      empty: '没有达到最低相似度的条目，可降低最低相似度后再试',
      score: '相似度 {{score}}%',
      notSearchable: '{{library}}库暂不支持形状搜索，以下仅显示其他库的结果。',
      indexing: '{{library}}库仍在建立形状索引（已完成 {{done}}/{{models}} 个模型），部分条目暂未出现在结果中。',
      to2d: '改用草图或图片搜索（2D）',
      to3d: '改用三维模型搜索（3D）',
    },
  },
  'en-US': {
    shape: {
      title: { '3d': '3D model search', '2d': '2D shape search' },
      intro: {
        '3d': 'Upload a 3D model to find items of a similar shape, or use “Find similar” on an item page.',
        '2d': 'Sketch an outline or upload a picture (a drawing or a photo) to find items that look alike.',
      },
      otherLibraries: 'The materials library has no 3D models of its own: this page searches the models of the parts and components libraries.',
      privateMode:
        "Enterprise mode: this page searches the public library. To search your organisation's approved items by shape, go to the enterprise library.",
      privateModeSearch: "Search your organisation's items",
      input: { '3d': 'Upload a model', '2d': 'Sketch or picture' },
      tab: { sketch: 'Sketch', upload: 'Upload a picture' },
      upload: {
        model: 'Click or drop a model file here',
        modelHint: 'STEP, STL, OBJ, GLB, glTF, WRL, up to 50 MB (STEP is converted to a mesh in your browser)',
        image: 'Click or drop a picture here',
        imageHint: 'PNG or JPEG, up to 10 MB',
        chosen: 'Chosen: {{name}}',
        stepConverting: 'Reading the STEP file and converting it to a mesh in your browser…',
        stepConverted: 'Chosen: {{name}} (converted to {{triangles}} triangles)',
        step: {
          unreadable: 'The STEP file {{name}} cannot be read: it is damaged or not STEP',
          empty: 'The STEP file {{name}} holds no solid or surface to search with',
          failed: 'Converting the STEP file {{name}} failed: {{detail}}',
          unavailable: 'The STEP converter could not be loaded: export the model as STL or GLB from your CAD tool and upload that',
        },
        badExtension: 'This file type is not supported: {{name}}',
      },
      sketch: {
        pen: 'Pen',
        line: 'Line',
        circle: 'Circle',
        undo: 'Undo',
        clear: 'Clear',
        search: 'Search by sketch',
        canvas: 'Sketch pad',
      },
      filters: {
        title: 'Filters',
        minScore: 'Minimum similarity: {{score}}%',
        includeSize: 'Include size',
        includeSizeHint: 'When on, models of a clearly different size score lower',
        ignoreMirrored: 'Ignore mirrored',
        ignoreMirroredHint: 'When on, mirror images count as the same shape',
        libraries: 'Libraries searched',
        category: 'Category',
        allCategories: 'All categories',
      },
      library: { part: 'Parts', component: 'Components', mat: 'Materials' },
      results: 'Results',
      similarTo: 'Items shaped like {{partNumber}}',
      total: '{{total}} items reach the minimum similarity',
      totalAtLeast: 'At least {{total}} items reach the minimum similarity',
      prompt: { '3d': 'Upload a model file to start', '2d': 'Sketch an outline or upload a picture to start' },
      empty: 'No item reaches the minimum similarity; lower it and try again',
      score: 'Similarity {{score}}%',
      notSearchable: 'The {{library}} library cannot be searched by shape yet; the results below come from the other libraries.',
      indexing: 'The {{library}} library is still indexing shapes ({{done}}/{{models}} models done): some items are not among the results yet.',
      to2d: 'Search by sketch or picture (2D) instead',
      to3d: 'Search by 3D model instead',
    },
  },
};

registerMessages(LIBRARY_NAMESPACE, shapeMessages);
