export { CopyRotationAddress } from "./copy-rotation-address";
