import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import OfflinePinIcon from '@mui/icons-material/OfflinePinOutlined';

/**
 * Issue 23: the header's icon to what 'Make available offline' keeps on this device (/OnThisDevice), named by a
 * tooltip. Pressed, the tooltip closes and stays closed until the pointer or focus leaves the icon: the header
 * stays on the page it opens, and a tooltip still open under a resting pointer or the kept focus covered the
 * navigation below it.
 */
export function OnThisDeviceLink() {
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState(false);
  // The tooltip calls onClose only while it shows, so leaving the pressed icon is caught on the icon itself.
  const leave = () => {
    setOpen(false);
    setPressed(false);
  };
  return (
    <Tooltip title="On this device" open={open && !pressed} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
      <IconButton
        component={RouterLink} to="/OnThisDevice" aria-label="On this device" color="inherit" sx={{ width: 44, height: 44 }}
        onClick={() => setPressed(true)} onMouseLeave={leave} onBlur={leave}
      >
        <OfflinePinIcon />
      </IconButton>
    </Tooltip>
  );
}
