// cropperjs and its stylesheet (~12 KiB gzip): fetched when the first picture is cropped, not with every screen
// that shows an uploader (docs/frontend-budgets.md). CropDialog loads this module with a dynamic import.
import Cropper from 'cropperjs';
import 'cropperjs/dist/cropper.css';

export default Cropper;
