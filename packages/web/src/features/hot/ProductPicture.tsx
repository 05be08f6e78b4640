/** The product picture, lifted to the analysis frame (Store Analysis shows it too). */
export { ProductPicture } from '../../shared/analysis/ProductPicture.js';
